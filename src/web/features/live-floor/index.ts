export { LiveFloorPage } from './components/live-floor-page';
