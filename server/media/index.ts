// The media module's public face (decision 0024): uploaded images and their rendered variants.
export { mediaRoutes } from './routes.ts';
export { MediaService, type ImageAccess, type MediaRow } from './service.ts';
export { BackgroundVariants, type ImageInUse } from './background.ts';
export { warmUpVariants, WARM_UP_DONE } from './warm-up.ts';
export { prepareImage, type ImageRules } from './prepare-image.ts';
export { mediaModule, mediaFace, imagesInUse, type Media } from './module.ts';
