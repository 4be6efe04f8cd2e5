import { describe, expect, it } from 'vitest';
import {
  inputFields,
  inputRef,
  inputRules,
  inputText,
  readInputRef,
  type InputRule,
} from '@machines/errors/input-texts';
import { actionTexts } from '@machines/errors/action-texts';
import { errorText } from '@machines/errors/error-catalogue';

const placeholders = (text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!.toLowerCase()).sort();

describe('input texts: rules and fields as codes, English and Dutch', () => {
  it('every rule says the same things in both languages, and the Dutch is Dutch', () => {
    for (const [rule, texts] of Object.entries(inputRules)) {
      expect(placeholders(texts.nl), rule).toEqual(placeholders(texts.en));
      expect(texts.nl, rule).not.toBe(texts.en);
    }
    for (const [field, names] of Object.entries(inputFields)) {
      expect(names.en, field).not.toBe('');
      expect(names.nl, field).not.toBe('');
    }
  });

  it('a schema message is a reference read back whole; anything else is no reference', () => {
    const ref = inputRef('too_long', 'title', { max: 300 });
    expect(readInputRef(ref)).toEqual({
      rule: 'too_long',
      field: 'title',
      values: { max: 300 },
    });
    expect(readInputRef('Title must be at most 300 characters')).toBeNull();
    expect(readInputRef('input:{"rule":"no_such_rule"}')).toBeNull();
    expect(readInputRef('input:{not json')).toBeNull();
    expect(readInputRef(undefined)).toBeNull();
  });

  it('numbers and amounts are written as each reader writes them', () => {
    const long = {
      rule: 'too_long' as InputRule,
      field: 'message' as const,
      values: { max: 4000 },
    };
    expect(inputText(long, 'en')).toBe(
      'A message must be at most 4,000 characters',
    );
    expect(inputText(long, 'nl')).toBe(
      'Een bericht mag hooguit 4.000 tekens lang zijn.',
    );
    const min = {
      rule: 'amount_minimum' as InputRule,
      values: { minCents: 50 },
    };
    expect(inputText(min, 'en')).toBe('Amount must be at least €0.50');
    expect(inputText(min, 'nl')).toBe('Het bedrag moet minstens € 0,50 zijn.');
    expect(
      inputText({ rule: 'unknown_value', field: 'usageRights' }, 'en'),
    ).toBe('Unknown usage rights');
  });

  it("invalid_input's params give the Dutch text; its English is the detail", () => {
    const params = {
      detail: 'Title is required',
      input: 'required',
      field: 'title',
    };
    expect(errorText('invalid_input', params, 'en')).toBe('Title is required');
    expect(errorText('invalid_input', params, 'nl')).toBe(
      'Titel is verplicht.',
    );
    // A message from outside the rules (a webhook's own) keeps the general Dutch text.
    expect(errorText('invalid_input', { detail: 'Bad signature' }, 'nl')).toBe(
      'De invoer is niet geldig; controleer de gegevens.',
    );
  });
});

describe('action texts: the step a refusal names, as a code', () => {
  it('every step has English and Dutch words, and the refusal writes them per language', () => {
    for (const [code, texts] of Object.entries(actionTexts)) {
      expect(texts.en, code).not.toBe('');
      expect(texts.nl, code).not.toBe(texts.en);
    }
    const params = { action: 'split_funds', status: 'dispute' };
    expect(errorText('payment_request_not_in_state', params, 'en')).toBe(
      'Cannot split the funds while the payment request is dispute',
    );
    expect(errorText('payment_request_not_in_state', params, 'nl')).toBe(
      'Het geld verdelen kan niet: het betaalverzoek heeft nu de status „in geschil”.',
    );
  });
});
