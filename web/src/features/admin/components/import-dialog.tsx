import { useEffect, useId, useRef, useState } from 'react';
import type { ImportResult } from '#contract/schemas/csv';
import { Modal } from '#web/components/modal';
import type { ImportFailure } from '../api/csv';
import { importFailure, importSizeLimit, previewImport, runImport } from '../api/csv';
import { readFileAsText } from '../api/read-file';
import { doneSummary, ImportErrors, planSummary } from './import-preview';
import ui from './admin-ui.module.css';
import styles from './import-dialog.module.css';

type Step =
  | { kind: 'empty' }
  | { kind: 'checking'; file: string }
  | { kind: 'preview'; file: string; text: string; result: ImportResult }
  | { kind: 'importing'; file: string; text: string; result: ImportResult }
  | { kind: 'done'; file: string; result: ImportResult }
  | { kind: 'failed'; file: string; failure: ImportFailure; during: 'check' | 'import' };

interface Props {
  onClose: () => void;
  /** The import changed the catalogue: the products list reloads. */
  onImported: () => void;
}

const looksLikeCsv = (f: File) => /\.csv$/i.test(f.name) || f.type === 'text/csv';
const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/**
 * Import products (issue 15). Choosing a file runs a dry run at once (the server checks every row and
 * changes nothing), so the admin sees what would happen, and every problem by row and column, before
 * anything is written. Import is offered only for a clean file with something to do.
 */
export function ImportDialog({ onClose, onImported }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'empty' });
  const inputId = useId();
  const hintId = useId();
  // Each chosen file is a new attempt; an answer for an earlier one (or after closing) is dropped.
  const attempt = useRef(0);
  const check = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      attempt.current += 1;
      check.current?.abort();
    },
    [],
  );

  async function choose(file: File | undefined) {
    const mine = ++attempt.current;
    check.current?.abort();
    if (!file) return setStep({ kind: 'empty' });
    const fail = (failure: ImportFailure) => {
      if (mine === attempt.current) setStep({ kind: 'failed', file: file.name, failure, during: 'check' });
    };
    if (!looksLikeCsv(file))
      return fail({ kind: 'message', message: 'Choose a CSV file (a name ending in .csv).' });
    setStep({ kind: 'checking', file: file.name });
    try {
      const limit = await importSizeLimit();
      if (file.size > limit) {
        return fail({
          kind: 'message',
          message: `This file is too large to import (${megabytes(file.size)}; at most ${megabytes(limit)}). Split it into smaller files.`,
        });
      }
      const text = await readFileAsText(file);
      const controller = new AbortController();
      check.current = controller;
      const result = await previewImport(text, controller.signal);
      if (mine === attempt.current) setStep({ kind: 'preview', file: file.name, text, result });
    } catch (error) {
      if (mine === attempt.current) fail(importFailure(error));
    }
  }

  async function importNow() {
    if (step.kind !== 'preview') return;
    const { file, text, result } = step;
    const mine = ++attempt.current;
    setStep({ kind: 'importing', file, text, result });
    try {
      const done = await runImport(text);
      if (mine !== attempt.current) return;
      setStep({ kind: 'done', file, result: done });
      onImported();
    } catch (error) {
      if (mine === attempt.current)
        setStep({ kind: 'failed', file, failure: importFailure(error), during: 'import' });
    }
  }

  const plan = step.kind === 'preview' || step.kind === 'importing' ? step.result : null;
  const canImport =
    step.kind === 'preview' && plan !== null && plan.errors.length === 0 && plan.created + plan.updated > 0;
  const done = step.kind === 'done';

  return (
    <Modal
      open
      title="Import products"
      onClose={onClose}
      busy={step.kind === 'importing'}
      footer={
        done ? (
          <button type="button" className={ui.primary} onClick={onClose}>
            Done
          </button>
        ) : (
          <>
            <button
              type="button"
              className={ui.secondary}
              onClick={onClose}
              disabled={step.kind === 'importing'}
            >
              Cancel
            </button>
            <button
              type="button"
              className={ui.primary}
              disabled={!canImport}
              onClick={() => void importNow()}
            >
              {step.kind === 'importing' ? 'Importing…' : 'Import'}
            </button>
          </>
        )
      }
    >
      <div className={styles.body}>
        <div className={ui.field}>
          <label htmlFor={inputId} className={ui.label}>
            CSV file
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv"
            className={styles.file}
            aria-describedby={hintId}
            disabled={step.kind === 'importing' || done}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
          <p id={hintId} className={styles.hint}>
            Use the columns of Export CSV (products.csv). The file is checked first; nothing changes until you
            press Import.
          </p>
        </div>
        <div aria-live="polite" className={styles.outcome}>
          <ImportOutcome step={step} />
        </div>
      </div>
    </Modal>
  );
}

function ImportOutcome({ step }: { step: Step }) {
  switch (step.kind) {
    case 'empty':
      return null;
    case 'checking':
      return <p className={styles.note}>Checking {step.file}…</p>;
    case 'preview':
    case 'importing': {
      const r = step.result;
      return (
        <>
          <p className={styles.summary}>
            <span className={styles.fileName}>{step.file}:</span> {planSummary(r)}
          </p>
          {r.errors.length > 0 ? (
            <ImportErrors errors={r.errors} intro="This file cannot be imported yet." />
          ) : r.created + r.updated === 0 ? (
            <p className={styles.note}>Nothing to import: every product in the file is already up to date.</p>
          ) : step.kind === 'importing' ? (
            <p className={styles.note}>Importing…</p>
          ) : null}
        </>
      );
    }
    case 'done':
      return (
        <p className={`${styles.summary} ${styles.success}`}>Import finished: {doneSummary(step.result)}.</p>
      );
    case 'failed':
      return step.failure.kind === 'rows' ? (
        <ImportErrors
          errors={step.failure.errors}
          intro={
            step.during === 'import' ? 'The server refused the import.' : 'This file cannot be imported yet.'
          }
        />
      ) : (
        <p className={styles.failure} role="alert">
          {step.failure.message}
        </p>
      );
  }
}
