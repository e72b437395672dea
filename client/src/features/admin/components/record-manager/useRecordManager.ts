import { FormEvent, useCallback, useEffect, useState } from 'react';
import { refusedField } from '../../../../lib/api';
import { adminErrorText, outcomeNotice, type Notice } from '../../errors';
import { COMMON } from '../../i18n/common';
import { CONTENT } from '../../i18n/content';
import { useConfirm } from '../useConfirm';
import { useRefusals } from '../useRefusals';
import { nounTexts } from './recordTexts';
import { BANNER_MS, CLOSE_AFTER_SUCCESS_MS } from './timing';
import type { RecordManagerProps, Row, Values } from './types';

/** The record editor's state: the record being edited, its save and refusals, deletes, the banner. */
export function useRecordManager<T extends Row>(props: RecordManagerProps<T>) {
  const texts = { ...nounTexts(props.noun), ...props.texts };
  const [editing, setEditing] = useState<Values | null>(null);
  const [banner, setBanner] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  // What a form that says its save in place says, until it closes.
  const [saved, setSaved] = useState<string | null>(null);
  const { errors, banner: formError, formRef, refuse, clear, settle } = useRefusals<string>();
  const { confirm, dialog } = useConfirm();

  useEffect(() => {
    if (!banner || props.dismissible) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner, props.dismissible]);

  const close = useCallback(() => {
    setEditing(null);
    setSaved(null);
  }, []);

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(close, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [saved, close]);

  const open = (row: T | null) => {
    clear();
    setEditing(row ? { ...props.blank, ...(row as unknown as Values) } : { ...props.blank });
  };

  // A field edited is no longer said to be wrong; the next save checks it again.
  const change = (key: string, value: string | number) => {
    setEditing((current) => (current ? { ...current, [key]: value } : current));
    settle(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!editing) return;
    const problems = props.validate(editing);
    if (Object.keys(problems).length > 0) return refuse(problems);
    clear();
    setSaving(true);
    const result = await props.save(editing);
    setSaving(false);
    const adding = !editing.id;
    if ('error' in result) {
      const text = adminErrorText(result.error, {
        ...texts.save(adding),
        fields: props.fieldTexts,
      });
      const field = refusedField(result.error);
      const known = props.fields.some((f) => f.key === field);
      return field && known ? refuse({ [field]: text }) : refuse({}, text);
    }
    if (props.savedInForm) return setSaved(result.data.message || texts.saved(adding));
    setBanner({ ok: true, text: texts.saved(adding) });
    setEditing(null);
  };

  const remove = async (row: T) => {
    if (!(await confirm(CONTENT.records.confirmDelete(props.noun), COMMON.delete))) return;
    const result = await props.remove(row.id);
    setBanner(outcomeNotice(result, texts.remove, texts.removed));
  };

  return {
    texts,
    banner,
    clearBanner: () => setBanner(null),
    open,
    remove,
    dialog,
    form: { values: editing, errors, formError, saved, saving, formRef, change, submit, close },
  };
}

export type RecordForm = ReturnType<typeof useRecordManager>['form'];
