/** The text rule's patterns (text.ts), without zod: the web app's first load reads them too. */
/* eslint-disable no-control-regex -- matching control characters is the point */
export const LINE_TEXT_PATTERN = /^[^\u0000-\u001f\u007f-\u009f\ud800-\udfff]*$/u;
/** The same, with tab, LF and CR allowed. */
export const MULTILINE_TEXT_PATTERN =
  /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ud800-\udfff]*$/u;
/* eslint-enable no-control-regex */
