import { isParameterType } from '../contracts/list-fields';
import { DEMO_APIS } from './demo-apis';

describe('demo APIs', () => {
  // The admin's API editor accepts only these types, so a seeded API must use them to be saved
  // unchanged.
  it('types every request and response field with a type the API editor accepts', () => {
    const untyped = DEMO_APIS.flatMap((api) =>
      [...api.request_params, ...api.response_params]
        .filter((field) => !isParameterType(field.type))
        .map((field) => `${api.name_en}.${field.name}: ${field.type}`),
    );
    expect(untyped).toEqual([]);
  });

  // The site shows `description` to Chinese readers and `description_en` to English ones. Chinese
  // sample values (乙亥) may appear in the English text, but only as quoted in the Chinese text too.
  it('describes every list-field row in Chinese and in English', () => {
    const han = /\p{Script=Han}/u;
    const hanRuns = /\p{Script=Han}+/gu;
    const untranslated = DEMO_APIS.flatMap((api) =>
      [...api.request_params, ...api.response_params, ...api.status_codes]
        .filter(
          (row) =>
            !han.test(row.description) ||
            row.description_en.trim() === '' ||
            (row.description_en.match(hanRuns) ?? []).some(
              (text) => !row.description.includes(text),
            ),
        )
        .map((row) => `${api.name_en}.${'code' in row ? row.code : row.name}`),
    );
    expect(untranslated).toEqual([]);
  });
});
