import type { FieldClasses } from '#web/components/form-field';
import ui from './admin-ui.module.css';

/** The admin's denser field look on the shared form fields (same classes the admin forms always had). */
export const ADMIN_FIELD: FieldClasses = { field: ui.field, label: ui.label, control: ui.input };
