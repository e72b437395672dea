/** What other features may take from partners/ (the layer rules allow no deeper import). */
export { Showcase } from './showcase';
