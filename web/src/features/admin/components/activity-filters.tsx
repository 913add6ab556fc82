import { ACTIVITY_ENTITIES, type ActivityEntity } from '#contract/schemas/activity';
import { SelectField, TextField } from '#web/components/form-field';
import type { ActivityFilter } from '../api/activity';
import { ADMIN_FIELD } from './admin-field';
import { FilterForm } from './filter-form';
import { LabelledOptions } from './labelled-options';
import ui from './admin-ui.module.css';
import styles from './activity-page.module.css';

const ENTITY_LABELS: Record<ActivityEntity, string> = {
  product: 'Products',
  category: 'Categories',
  order: 'Orders',
};

interface Props {
  filter: ActivityFilter;
  actors: readonly { id: number; name: string }[];
  onChange: (next: Partial<ActivityFilter>) => void;
  onClear: () => void;
  filtered: boolean;
}

const isEntity = (v: string): v is ActivityEntity => (ACTIVITY_ENTITIES as readonly string[]).includes(v);

/**
 * The log's filters: the kind of record, who made the change, and a range of days. Each applies as soon as
 * it is chosen (they live in the URL, so a filtered view can be bookmarked or shared with another admin).
 */
export function ActivityFilters({ filter, actors, onChange, onClear, filtered }: Props) {
  // An actor asked for by the URL but not (yet) in the list still shows as chosen.
  const knownActor = filter.actor === null || actors.some((a) => a.id === filter.actor);
  return (
    <FilterForm label="Activity filters" className={styles.filters}>
      <SelectField
        id="activity-entity"
        label="Record type"
        classes={ADMIN_FIELD}
        value={filter.entity}
        onChange={(e) => onChange({ entity: isEntity(e.target.value) ? e.target.value : '' })}
      >
        <LabelledOptions values={ACTIVITY_ENTITIES} labels={ENTITY_LABELS} />
      </SelectField>
      <SelectField
        id="activity-actor"
        label="Changed by"
        classes={ADMIN_FIELD}
        value={filter.actor ?? ''}
        onChange={(e) => onChange({ actor: e.target.value ? Number(e.target.value) : null })}
      >
        <option value="">Anyone</option>
        {!knownActor && <option value={filter.actor ?? ''}>Admin #{filter.actor}</option>}
        {actors.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </SelectField>
      {(
        [
          { side: 'from', label: 'From', bound: { max: filter.to || undefined } },
          { side: 'to', label: 'To', bound: { min: filter.from || undefined } },
        ] as const
      ).map(({ side, label, bound }) => (
        <TextField
          key={side}
          id={`activity-${side}`}
          label={label}
          type="date"
          classes={ADMIN_FIELD}
          value={filter[side]}
          {...bound}
          onChange={(e) => onChange(side === 'from' ? { from: e.target.value } : { to: e.target.value })}
        />
      ))}
      {filtered && (
        <button type="button" className={`${ui.secondary} ${styles.clear}`} onClick={onClear}>
          Clear filters
        </button>
      )}
    </FilterForm>
  );
}
