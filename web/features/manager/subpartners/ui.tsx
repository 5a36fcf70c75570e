// Small pieces the sub-partner screens share: the active / inactive chip, the logo tile (the
// name's initial on the primary colour when there is no logo, as the sign-in page draws it), the
// two colour swatches, and a sub-partner's public address.
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icons';
import { Chip } from '../../../components/staff/chips';

export function StateChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip tone={active ? 'success' : 'neutral'} testId="subpartner-state">
      {active ? <Icon name="check" width={12} height={12} /> : null}
      {t(active ? 'manager.subpartners.state.active' : 'manager.subpartners.state.inactive')}
    </Chip>
  );
}

export function LogoTile({
  name,
  logoUrl,
  primary,
  size = 'md',
}: {
  name: string;
  logoUrl: string | null;
  primary: string;
  size?: 'md' | 'lg';
}) {
  const box = size === 'lg' ? 'h-16 w-16 rounded-2xl text-2xl' : 'h-10 w-10 rounded-xl text-base';
  // Decorative beside the name that follows it.
  return logoUrl ? (
    <img
      src={logoUrl}
      alt=""
      className={`${box} shrink-0 bg-white object-contain p-1 ring-1 ring-stone-200 dark:ring-stone-700`}
      data-testid="subpartner-logo-tile"
    />
  ) : (
    <span
      aria-hidden="true"
      className={`${box} inline-flex shrink-0 items-center justify-center font-bold text-white`}
      style={{ backgroundColor: primary }}
    >
      {(name.trim() || '?').slice(0, 1).toUpperCase()}
    </span>
  );
}

export function Swatches({ primary, accent }: { primary: string; accent: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="subpartner-swatches">
      {(
        [
          ['primary', primary],
          ['accent', accent],
        ] as const
      ).map(([which, colour]) => (
        <span
          key={which}
          title={`${t(`manager.subpartners.fields.${which}_color`)} ${colour}`}
          className="h-5 w-5 rounded-full ring-1 ring-stone-900/15 ring-inset dark:ring-white/20"
          style={{ backgroundColor: colour }}
        >
          <span className="sr-only">
            {t(`manager.subpartners.fields.${which}_color`)} {colour}
          </span>
        </span>
      ))}
    </span>
  );
}

/** `partners.sunbite.example/glow` as a person reads it; the link goes to `{origin}/{slug}`. */
export const publicAddress = (slug: string) => `${window.location.host}/${slug}`;
export const publicUrl = (slug: string) => `${window.location.origin}/${slug}`;

/** The partners list, filtered to this sub-partner's. */
export const partnersOf = (slug: string) => `/manager/partners?subpartner=${encodeURIComponent(slug)}`;
