import type { Envelope } from '@contracts/envelope';
import type { ReactNode } from 'react';
import type { ErrorTexts } from '../../errors';

/** One control of the record form, in the form's order. */
export interface Field {
  key: string;
  label: string;
  kind?: 'text' | 'url' | 'textarea' | 'number' | 'status' | 'select';
  options?: { value: string; label: string }[];
  placeholder?: string;
  /** The control's id after the form's prefix, where it is not the key. */
  id?: string;
  /** Shares a row with the inline fields next to it (short controls, such as 排序 and 状态). */
  inline?: boolean;
}

export interface ColumnDef<T> {
  label: string;
  render: (row: T) => ReactNode;
}

/** Records with a status get the 状态 column; categories, say, have none. */
export type Row = { id: number; status?: number };
export type Outcome = { data: Envelope } | { error: unknown };
/** The form's values by field key (numbers as typed, until saved). */
export type Values = Record<string, string | number>;
/** What is wrong, by field key. */
export type FieldErrors = Partial<Record<string, string>>;

/** A screen's words for its outcomes; by default they are made from its noun. */
export interface RecordTexts {
  /** The line of an empty table. */
  empty: string;
  load: ErrorTexts;
  /** A failed save, adding or updating (its fields' texts come from `fieldTexts`). */
  save: (adding: boolean) => ErrorTexts;
  /** A save done; in a form that says it in place, only when the server's answer has no message. */
  saved: (adding: boolean) => string;
  remove: ErrorTexts;
  removed: string;
}

export interface RecordManagerProps<T extends Row> {
  title: string;
  noun: string;
  rows: T[] | undefined;
  loading: boolean;
  loadError: unknown;
  columns: ColumnDef<T>[];
  /** Columns after 状态 (the record's times, say). */
  trailing?: ColumnDef<T>[];
  fields: Field[];
  blank: Values;
  /** Client-side checks before saving: each broken field with its text (any stops the save). */
  validate: (values: Values) => FieldErrors;
  save: (values: Values) => Promise<Outcome>;
  remove: (id: number) => Promise<Outcome>;
  /** This form's texts for refused fields, where the admin's shared ones do not fit. */
  fieldTexts?: Record<string, string>;
  texts?: Partial<RecordTexts>;
  /** The start of the form's ids (`record`): its title's and, with each field's, its controls'. */
  idPrefix?: string;
  /** Only the form's buttons close it: no × in its header, and Escape does nothing. */
  buttonsOnly?: boolean;
  /**
   * A save is said in the form, in the server's words, and the form closes CLOSE_AFTER_SUCCESS_MS
   * later (else it closes at once and the page's banner says so).
   */
  savedInForm?: boolean;
  /** The page's banner stays until the reader dismisses it, instead of clearing after BANNER_MS. */
  dismissible?: boolean;
}
