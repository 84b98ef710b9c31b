import SyncOutlined from '@ant-design/icons/es/icons/SyncOutlined';

export default function VersionReloadButton({ reload }: { reload: () => void }) {
  return (
    <button type="button" className="wz-top-banner wz-top-banner--version" onClick={reload}>
      <SyncOutlined aria-hidden /> Une nouvelle version est disponible, cliquez pour recharger
    </button>
  );
}
