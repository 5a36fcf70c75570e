import { Outlet } from 'react-router';
import { useSubpartner } from '../../components/SubpartnerBrand';
import { brandStyle } from '../../lib/brand-colours';
import { TitleBrandProvider } from '../../lib/document-title';

/**
 * The root of a sub-partner's pages (`/{slug}`, its login and registration,
 * docs/product/partners-and-accounts.md#white-label-sub-partners): the tab says its name instead
 * of the program's, and its colours (checked, and kept readable: lib/brand-colours.ts) take the
 * place of the brand's on every button, link and mark below.
 */
export function SubpartnerScope() {
  const subpartner = useSubpartner();
  return (
    <TitleBrandProvider name={subpartner?.name}>
      <div
        className="contents"
        data-testid="subpartner-scope"
        data-subpartner={subpartner?.slug}
        style={brandStyle(subpartner?.primary_color, subpartner?.accent_color)}
      >
        <Outlet />
      </div>
    </TitleBrandProvider>
  );
}
