// Loaded on demand by LazyMotion, keeping animation code out of the first page load.
export { domAnimation as default } from 'motion/react';
