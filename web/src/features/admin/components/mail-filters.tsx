import { MAIL_STATES, type MailState } from '#contract/schemas/mail';
import { isMailState } from '../api/mail-list';
import { SelectField } from '#web/components/form-field';
import { ADMIN_FIELD } from './admin-field';
import { FilterForm } from './filter-form';
import { LabelledOptions } from './labelled-options';
import { MAIL_STATE_LABELS } from './mail-format';
import styles from './mail-page.module.css';

/** The one filter of the mailbox: a mail's state (the delivery log's failed ones, say). */
export function MailFilters({
  state,
  onChange,
}: {
  state: MailState | '';
  onChange: (s: MailState | '') => void;
}) {
  return (
    <FilterForm label="Mail filters" className={styles.filters}>
      <SelectField
        label="State"
        classes={ADMIN_FIELD}
        value={state}
        onChange={(e) => onChange(isMailState(e.target.value) ? e.target.value : '')}
      >
        <LabelledOptions values={MAIL_STATES} labels={MAIL_STATE_LABELS} />
      </SelectField>
    </FilterForm>
  );
}
