import * as v from 'valibot';
import { MESSAGE_KEYS, type MessageKey } from './messages';
import type { FieldError } from './problem';

const KNOWN_KEYS: ReadonlySet<string> = new Set(Object.values(MESSAGE_KEYS));

type Issue = v.BaseIssue<unknown>;

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

/** The `count` a size issue carries: a length, a number, or a date as epoch ms (ICU `date` arg). */
function countOf(issue: Issue): number | undefined {
  const requirement = issue.requirement;
  if (typeof requirement === 'number') return requirement;
  if (requirement instanceof Date) return requirement.getTime();
  return undefined;
}

function sizeKey(issue: Issue, direction: 'tooBig' | 'tooSmall'): MessageKey {
  const { input, requirement } = issue;
  const kind = Array.isArray(input)
    ? 'Array'
    : typeof input === 'string'
      ? 'String'
      : input instanceof Date || requirement instanceof Date
        ? 'Date'
        : typeof input === 'number' || typeof input === 'bigint'
          ? 'Number'
          : 'Generic';
  return MESSAGE_KEYS[`${direction}${kind}`];
}

const FORMAT_KEYS: Readonly<Record<string, MessageKey>> = {
  email: MESSAGE_KEYS.invalidEmail,
  url: MESSAGE_KEYS.invalidUrl,
  uuid: MESSAGE_KEYS.invalidUuid,
  regex: MESSAGE_KEYS.invalidRegex,
  iso_date: MESSAGE_KEYS.invalidDate,
  date: MESSAGE_KEYS.invalidDate,
  iso_date_time: MESSAGE_KEYS.invalidDatetime,
  iso_timestamp: MESSAGE_KEYS.invalidDatetime,
  string: MESSAGE_KEYS.invalidText,
};

/**
 * The message key of an issue. Our schemas set keys themselves; this also covers schemas that rely
 * on valibot's English defaults, so no English text ever reaches a field.
 */
export function messageKeyOf(issue: Issue): MessageKey {
  const explicit = KNOWN_KEYS.has(issue.message) ? (issue.message as MessageKey) : undefined;
  // Spec section 5: a string under a minimum of 1 gives the required message, unless the schema
  // chose a more specific one (e.g. "Select a shipping method").
  const underOne =
    (issue.type === 'min_length' || issue.type === 'non_empty') &&
    typeof issue.input === 'string' &&
    (issue.requirement ?? 1) === 1;
  if (underOne && (!explicit || explicit === MESSAGE_KEYS.tooSmallString)) return MESSAGE_KEYS.required;
  if (explicit) return explicit;
  if (issue.kind === 'schema' && isBlank(issue.input)) return MESSAGE_KEYS.required;
  switch (issue.type) {
    case 'strict_object':
    case 'strict_tuple':
    case 'never':
      return MESSAGE_KEYS.unknownField;
    case 'min_length':
    case 'min_value':
    case 'gt_value':
    case 'min_size':
    case 'non_empty':
      return sizeKey(issue, 'tooSmall');
    case 'max_length':
    case 'max_value':
    case 'lt_value':
    case 'max_size':
      return sizeKey(issue, 'tooBig');
    default:
      return FORMAT_KEYS[issue.type] ?? MESSAGE_KEYS.invalidValue;
  }
}

/** Turns valibot issues into the field errors of a problem body / a form (one per issue). */
export function toFieldErrors(issues: readonly Issue[]): FieldError[] {
  return issues.map((issue) => {
    const message = messageKeyOf(issue);
    // Sizes and limits (e.g. "You can add maximum {count}") need their bound in the message.
    const count = message === MESSAGE_KEYS.required ? undefined : countOf(issue);
    return {
      path: v.getDotPath(issue) ?? '',
      message,
      ...(count === undefined ? {} : { values: { count } }),
    };
  });
}
