/** The site list page (issue 7 item 5). */
export { SiteListPage } from './pages/site-list-page';
