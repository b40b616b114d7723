/**
 * Test utility shared by the suites that walk the contract's schemas (hostile input, contract bounds,
 * permissions): the schema that takes a field's input, below optional, nullable, default and pipe wrappers.
 */
import { z } from 'zod';

/** Unwraps optional/nullable/default/pipe (bounded depth) to the schema that takes the input. */
export function inputOf(schema: z.ZodType): z.ZodType {
  let node = schema;
  for (let i = 0; i < 16; i += 1) {
    if (node instanceof z.ZodOptional || node instanceof z.ZodNullable || node instanceof z.ZodDefault) {
      node = node.unwrap() as z.ZodType;
    } else if (node instanceof z.ZodPipe) node = node.in as z.ZodType;
    else return node;
  }
  return node;
}
