// The metrics module's face (decision 0066): GET /metrics in Prometheus' text format, behind METRICS_TOKEN.
export { metricsModule } from './module.ts';
