// The audit log's words: an action by its own catalog entry (`manager.audit.actions.<entity>.<verb>`),
// else by a generic verb ("Partner created"), else by its raw name; an entity likewise. An item is
// named the way staff know it: a partner by name, a staff account by its holder, a number as one.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERIC_AUDIT_VERBS, splitAction } from '../../../common/audit';

/** A staff member as the log names them. */
type Actor = { id: number; name: string };
/** What names a line's item: its entity and id, and the partner it concerns. */
type ItemOf = { entity: string; entity_id: string; partner?: { uuid: string; name: string } | null };

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Items there is only one of: named by their entity alone (`settings` → "Program settings"). */
const SINGLE_ITEMS = new Set(['settings']);
const NUMBER = /^\d{1,10}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function useAuditWords(actors: readonly Actor[] = []) {
  const { t: typed, i18n } = useTranslation();
  // The keys are built from data (actions the server sends): the typed `t` cannot know them. A
  // new `t` comes with each change of language, so the words follow it.
  const t = typed as unknown as Translate;
  const has = useCallback((key: string) => i18n.exists(key), [i18n]);
  const staffNames = useMemo(() => new Map(actors.map((a) => [String(a.id), a.name])), [actors]);

  const entity = useCallback(
    (name: string) => (has(`manager.audit.entities.${name}`) ? t(`manager.audit.entities.${name}`) : name),
    [has, t],
  );

  const action = useCallback(
    (name: string) => {
      const { entity: of, verb } = splitAction(name);
      const own = `manager.audit.actions.${of}.${verb}`;
      if (verb && has(own)) return t(own);
      if ((GENERIC_AUDIT_VERBS as readonly string[]).includes(verb))
        return t(`manager.audit.verbs.${verb}`, { entity: entity(of) });
      return name;
    },
    [has, t, entity],
  );

  /** "Promotion #12", "Promo code MAYA15", "Partner Maya Tremblay", "Program settings". */
  const item = useCallback(
    (line: ItemOf) => {
      const kind = entity(line.entity);
      const id = line.entity_id;
      if (SINGLE_ITEMS.has(line.entity)) return kind;
      if (line.entity === 'partner' && line.partner)
        return t('manager.audit.item_named', { entity: kind, id: line.partner.name });
      if (line.entity === 'staff' && staffNames.has(id))
        return t('manager.audit.item_named', { entity: kind, id: staffNames.get(id) });
      if (NUMBER.test(id)) return t('manager.audit.item_number', { entity: kind, id });
      // A uuid says nothing to a person: its first characters tell items apart.
      return t('manager.audit.item_named', { entity: kind, id: UUID.test(id) ? `${id.slice(0, 8)}…` : id });
    },
    [entity, staffNames, t],
  );

  return { entity, action, item };
}
