/** What other features may take from config/ (the layer rules allow no deeper import). */
export { SiteConfigModule } from './config.module';
export { SiteConfigService } from './site-config.service';
