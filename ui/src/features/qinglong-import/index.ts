export { QinglongImportPanel } from './QinglongImportPanel.tsx';
export { KeptLibrariesNotice } from './KeptLibrariesNotice.tsx';
