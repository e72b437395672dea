import { createHash } from 'node:crypto';
import { enumParam, ok, requiredFile, requiredString } from './params';
import type { BuiltinHandler } from './types';

const hash: BuiltinHandler = (req) => {
  const text = requiredString(req, 'text', 100_000);
  const algo = enumParam(req, 'algo', ['md5', 'sha1', 'sha256', 'sha512'] as const, 'sha256');
  return ok({ algo, hash: createHash(algo).update(text, 'utf8').digest('hex') });
};

/** The hash of an uploaded file (a multipart part), with its name and size. */
const fileHash: BuiltinHandler = (req) => {
  const file = requiredFile(req, 'file');
  const algo = enumParam(req, 'algo', ['md5', 'sha1', 'sha256', 'sha512'] as const, 'sha256');
  return ok({
    name: file.filename,
    size: file.data.length,
    algo,
    hash: createHash(algo).update(file.data).digest('hex'),
  });
};

export const HASH_HANDLERS = { hash, 'file-hash': fileHash } satisfies Record<
  string,
  BuiltinHandler
>;
