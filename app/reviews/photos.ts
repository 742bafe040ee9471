/** Which of the chosen photos a review keeps: images only, each within the size limit, at most `maxFiles`. */
export interface PhotoRules {
  maxFiles: number;
  maxBytes: number;
  messages: { notImage: string; tooLarge: string; tooMany: string };
}

/**
 * The files kept from a selection, in the order chosen (the spec keeps the first ones), and the first reason one was
 * left out. The server checks every photo again by its content; this only spares the shopper a failed submit.
 */
export function keptPhotos<F extends Pick<File, 'type' | 'size'>>(
  chosen: readonly F[],
  { maxFiles, maxBytes, messages }: PhotoRules,
): { kept: F[]; problem: string | null } {
  let problem: string | null = null;
  const fitting = chosen.filter((file) => {
    if (!file.type.startsWith('image/')) problem ??= messages.notImage;
    else if (file.size > maxBytes) problem ??= messages.tooLarge;
    else return true;
    return false;
  });
  if (fitting.length > maxFiles) problem ??= messages.tooMany;
  return { kept: fitting.slice(0, maxFiles), problem };
}
