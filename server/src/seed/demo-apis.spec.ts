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
});
