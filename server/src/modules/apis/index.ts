/** What other features may take from apis/ (the layer rules allow no deeper import). */
export {
  normalizeRequestParams,
  normalizeResponseParams,
  normalizeStatusCodes,
} from './dto/list-fields';
