// The analytics module's public face: page views and real visitors' Web Vitals, counted by the shop itself.
export { analyticsModule, type Analytics } from './module.ts';
