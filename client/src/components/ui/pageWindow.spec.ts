import { pageWindow } from './pageWindow';

describe('pageWindow', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 3, 4, 5]],
    [2, 10, [1, 2, 3, 4, 5]],
    [3, 10, [1, 2, 3, 4, 5]],
    [4, 10, [2, 3, 4, 5, 6]],
    [6, 10, [4, 5, 6, 7, 8]],
    [9, 10, [6, 7, 8, 9, 10]],
    [10, 10, [6, 7, 8, 9, 10]],
    [99, 10, [6, 7, 8, 9, 10]],
    [0, 7, [1, 2, 3, 4, 5]],
    [1, 0, []],
  ])('page %i of %i shows %j', (page, total, expected) => {
    expect(pageWindow(page, total)).toEqual(expected);
  });
});
