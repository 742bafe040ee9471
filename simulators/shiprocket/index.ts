// The Shiprocket simulator's public face (decision 0073): Shiprocket's API v1, offline, mounted by a local shop.
export { shiprocketSimulatorRoutes, API_PATH as SHIPROCKET_API_PATH } from './routes.ts';
export { startStandaloneShiprocket, shiprocketSettingsFor, type StandaloneShiprocket } from './standalone.ts';
