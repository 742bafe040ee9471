import { Icon } from '../icons';

/** The shop's mark, a stylised rangoli lotus, from the icon sprite. */
export function Logo({ name }: { name: string }) {
  return (
    <span className="flex items-center gap-2">
      <Icon name="logo" className="size-8" />
      <span className="text-lg font-bold tracking-tight text-brand-800">{name}</span>
    </span>
  );
}
