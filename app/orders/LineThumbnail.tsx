import { ResponsiveImage } from '../components/ResponsiveImage';

/** An order line's small picture; a grey square when the line has none (its product lost its images). */
export function LineThumbnail({ src }: { src: string | undefined }) {
  if (!src) return <span aria-hidden="true" className="size-14 shrink-0 rounded-md bg-stone-100" />;
  return (
    <ResponsiveImage
      src={src}
      alt=""
      width={56}
      height={56}
      sizes="56px"
      maxWidth={320}
      className="size-14 shrink-0 rounded-md object-cover"
    />
  );
}
