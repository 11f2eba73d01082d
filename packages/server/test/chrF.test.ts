import { describe, expect, it } from 'vitest';
import { chrFStatistics, corpusChrF, sentenceChrF } from '../src/translation/quality/chrF.js';

describe('chrF (character 1..6-grams, beta 2, whitespace removed)', () => {
  it('is 100 for identical text and 0 for text sharing no character', () => {
    expect(sentenceChrF('Hola, ¿qué tal? 👋', 'Hola, ¿qué tal? 👋')).toBe(100);
    expect(sentenceChrF('abc', 'xyz')).toBe(0);
    expect(sentenceChrF('', 'xyz')).toBe(0);
  });

  it('ignores whitespace, as sacreBLEU does by default', () => {
    expect(sentenceChrF('a b  c', 'abc')).toBe(100);
  });

  it('counts an emoji as one character', () => {
    expect(chrFStatistics('👍🏽', 'x').hypothesis.slice(0, 3)).toEqual([2, 1, 0]);
  });

  it('matches hand-computed sentence scores', () => {
    // 'ab' against 'abc':
    //   1-grams: hyp {a,b} = 2, ref {a,b,c} = 3, shared 2 → P 1, R 2/3
    //   2-grams: hyp {ab} = 1, ref {ab,bc} = 2, shared 1 → P 1, R 1/2
    //   3-grams: none in the hypothesis → order not counted
    //   P = 1, R = (2/3 + 1/2) / 2 = 7/12; F2 = 5·P·R / (4P + R) = (35/12) / (55/12) = 7/11
    expect(sentenceChrF('ab', 'abc')).toBeCloseTo(700 / 11, 10);
    // 'aab' against 'ab':
    //   1-grams: hyp {a:2,b:1} = 3, ref {a,b} = 2, shared min(2,1)+min(1,1) = 2 → P 2/3, R 1
    //   2-grams: hyp {aa,ab} = 2, ref {ab} = 1, shared 1 → P 1/2, R 1
    //   P = 7/12, R = 1; F2 = 5·(7/12) / (4·7/12 + 1) = 35/40
    expect(sentenceChrF('aab', 'ab')).toBeCloseTo(87.5, 10);
  });

  it('sums n-gram counts over the corpus before scoring (not the mean of sentences)', () => {
    // ('ab','abc') + ('ab','ab'): 1-grams hyp 4, ref 5, shared 4; 2-grams hyp 2, ref 3, shared 2.
    //   P = 1, R = (4/5 + 2/3) / 2 = 11/15; F2 = 5·(11/15) / (4 + 11/15) = 55/71
    // (the mean of the two sentence scores would be (700/11 + 100) / 2 ≈ 81.8).
    expect(
      corpusChrF([
        ['ab', 'abc'],
        ['ab', 'ab'],
      ]),
    ).toBeCloseTo(5500 / 71, 10);
  });

  it("agrees with sacreBLEU's CHRF() on its documented examples", () => {
    // The value sacreBLEU 2 prints for this pair (char_order 6, word_order 0, beta 2).
    expect(
      sentenceChrF(
        'The relationship between Obama and Netanyahu is not exactly friendly.',
        'The ties between Obama and Netanyahu are not particularly friendly.',
      ),
    ).toBeCloseTo(61.576379378113785, 8);
    // And for a corpus of two (its documented corpus example).
    expect(
      corpusChrF([
        [
          'The relationship between cats and dogs is not exactly friendly.',
          'The relationship between dogs and cats is not exactly friendly.',
        ],
        [
          'a good bookshop is just a genteel black hole that knows how to read.',
          'A good bookshop is just a genteel Black Hole that knows how to read.',
        ],
      ]),
    ).toBeCloseTo(84.64214891738334, 8);
  });
});
