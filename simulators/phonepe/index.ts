// The PhonePe simulator's public face (decision 0024): PhonePe's protocol, offline, mounted by a local shop.
export { simulatorRoutes, webhookAuthorization } from './routes.ts';
export { phonePeSettingsFor, startStandaloneSimulator, type StandaloneSimulator } from './standalone.ts';
