import { isParameterType, isRequiredFlag, listDescriptions, parseListField } from './list-fields';

describe('parseListField', () => {
  const list = [{ name: 'q', type: 'string', required: true, description: 'text' }];

  it('keeps arrays as they are', () => {
    expect(parseListField(list)).toBe(list);
  });

  it('decodes JSON text, also when encoded several times (up to 5)', () => {
    let text = JSON.stringify(list);
    expect(parseListField(text)).toEqual(list);
    for (let i = 2; i <= 5; i++) {
      text = JSON.stringify(text);
      expect(parseListField(text)).toEqual(list);
    }
    expect(parseListField(JSON.stringify(text))).toEqual([]);
  });

  it.each([['not json'], [''], ['{"a":1}'], ['null'], [null], [undefined], [42], [{ a: 1 }]])(
    'treats %p as empty',
    (value) => {
      expect(parseListField(value)).toEqual([]);
    },
  );
});

describe('isRequiredFlag', () => {
  it.each([true, 1, '1', 'true'])('reads %p as required', (value) => {
    expect(isRequiredFlag(value)).toBe(true);
  });

  it.each([false, 0, '0', 'false', '', null, undefined, 'yes'])('reads %p as optional', (value) => {
    expect(isRequiredFlag(value)).toBe(false);
  });
});

describe('isParameterType', () => {
  it("knows SPEC's six parameter types and a multipart form's file, and nothing else", () => {
    expect(
      ['string', 'integer', 'number', 'boolean', 'array', 'object', 'file'].every(isParameterType),
    ).toBe(true);
    expect(isParameterType('String')).toBe(false);
    expect(isParameterType('binary')).toBe(false);
  });
});

describe('listDescriptions', () => {
  it('keeps the two texts of a row that has both, trimmed, whatever their script', () => {
    expect(listDescriptions({ description: ' 时区 ', description_en: ' time zone ' })).toEqual({
      description: '时区',
      description_en: 'time zone',
    });
    expect(listDescriptions({ description: 'URL', description_en: 'the address' })).toEqual({
      description: 'URL',
      description_en: 'the address',
    });
  });

  it.each([undefined, '', '  '])('reads a lone text by its script (description_en %j)', (en) => {
    expect(listDescriptions({ description: 'IANA 时区', description_en: en })).toEqual({
      description: 'IANA 时区',
      description_en: '',
    });
    expect(listDescriptions({ description: 'IANA time zone', description_en: en })).toEqual({
      description: '',
      description_en: 'IANA time zone',
    });
  });

  it('keeps an English text with no Chinese one as the English one', () => {
    expect(listDescriptions({ description: '', description_en: 'zone' })).toEqual({
      description: '',
      description_en: 'zone',
    });
  });

  it.each([[{}], [{ description: 7 }], [{ description: '  ' }]])('reads %p as no text', (row) => {
    expect(listDescriptions(row)).toEqual({ description: '', description_en: '' });
  });
});
