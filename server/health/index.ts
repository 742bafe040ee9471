// The health module's face (decision 0058): the health route, for load balancers and the owner.
export { healthModule } from './module.ts';
