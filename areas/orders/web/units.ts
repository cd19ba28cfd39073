// Garment quantities on the orders' own forms (issue 30): a count of pieces is whole, refused
// before posting with the same words the engine's forms use (the server refuses it too).
import type { Rule } from 'antd/es/form';
import { et, unitLabel, unitProblem } from '@seamline/core';

export const wholePiecesRule = (lang: string): Rule => ({
  validator: async (_rule, value: unknown) => {
    const problem = unitProblem(typeof value === 'number' ? String(value) : value, 'PCS');
    if (problem) throw new Error(et(lang, problem, { unit: unitLabel('PCS', lang) }));
  },
});
