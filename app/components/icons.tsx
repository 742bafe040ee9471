import sprite from '../assets/icons.svg?no-inline';

/**
 * Icons come from one cached SVG sprite, referenced with <use>, so their drawings are neither in the
 * JavaScript bundle nor repeated in every page's HTML. All are decorative; the control carries the label.
 */
export type IconName =
  | 'menu'
  | 'close'
  | 'user'
  | 'bag'
  | 'chevron'
  | 'arrow'
  | 'truck'
  | 'shield'
  | 'phone'
  | 'mail'
  | 'facebook'
  | 'instagram'
  | 'star'
  /** Unfilled: the element's fill (fill-none, fill-current) fills it, for the wishlist's pressed heart. */
  | 'heart'
  | 'logo';

export function Icon({ name, className = 'size-6' }: { name: IconName; className?: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

type IconProps = { className?: string };
export const MenuIcon = ({ className = 'size-6' }: IconProps) => <Icon name="menu" className={className} />;
export const CloseIcon = ({ className = 'size-6' }: IconProps) => <Icon name="close" className={className} />;
export const UserIcon = ({ className = 'size-6' }: IconProps) => <Icon name="user" className={className} />;
export const BagIcon = ({ className = 'size-6' }: IconProps) => <Icon name="bag" className={className} />;
export const ChevronIcon = ({ className = 'size-4' }: IconProps) => <Icon name="chevron" className={className} />;
export const ArrowIcon = ({ className = 'size-5' }: IconProps) => <Icon name="arrow" className={className} />;
export const TruckIcon = ({ className = 'size-5' }: IconProps) => <Icon name="truck" className={className} />;
export const ShieldIcon = ({ className = 'size-5' }: IconProps) => <Icon name="shield" className={className} />;
export const PhoneIcon = ({ className = 'size-5' }: IconProps) => <Icon name="phone" className={className} />;
export const MailIcon = ({ className = 'size-5' }: IconProps) => <Icon name="mail" className={className} />;
export const FacebookIcon = ({ className = 'size-5' }: IconProps) => <Icon name="facebook" className={className} />;
export const InstagramIcon = ({ className = 'size-5' }: IconProps) => <Icon name="instagram" className={className} />;
