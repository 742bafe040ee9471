// The media module's public face (decision 0024): uploaded images and their rendered variants. What other modules
// see of it is the platform's media face (server/platform/media/face.ts, decision 0061).
export { mediaModule, type Media } from './module.ts';
