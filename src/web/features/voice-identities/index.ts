/** What other parts of the web app may use from the voice identities (admin) feature. */
export { VoiceIdentitiesPage } from './components/voice-identities-page';
