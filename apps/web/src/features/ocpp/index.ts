/**
 * What the app composes from the ocpp feature (issue 22, docs/ocpp.md): the station page's chargers card
 * of a charging site.
 */
import './components/ocpp.css';

export { ChargersCard } from './components/chargers-card';
