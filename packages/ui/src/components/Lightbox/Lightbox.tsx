import { MEDIA_STRINGS } from '../../mediaStrings';
import { Modal } from '../Modal/Modal';
import * as css from './Lightbox.css';

export interface LightboxProps {
  open: boolean;
  src: string;
  /** The file's name: the dialog's title and the image's alternative text. */
  name: string;
  onClose: () => void;
}

/** An image message shown large (spec §4 image bubble); Escape or Close returns to the chat. */
export default function Lightbox({ open, src, name, onClose }: LightboxProps) {
  return (
    <Modal open={open} onClose={onClose} title={name || MEDIA_STRINGS.imageViewer}>
      <img className={css.image} src={src} alt={MEDIA_STRINGS.image(name)} />
    </Modal>
  );
}

export { Lightbox };
