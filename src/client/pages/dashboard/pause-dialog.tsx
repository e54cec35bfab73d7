import { Dialog } from "../../components/dialog.tsx";
import { PauseChoice } from "./pause-choice.tsx";

/** 'Pause Membership': opened from the subscription card when the member may pause (decision 133). */
export function PauseDialog({ open, onClose, onPaused }: { open: boolean; onClose: () => void; onPaused: () => Promise<void> }) {
  return (
    <Dialog open={open} onClose={onClose} title="Pause Membership">
      <p>Taking a break from travel? Pause instead of cancelling and keep your plan, your settings and your saved trips.</p>
      <PauseChoice
        onPaused={async () => {
          onClose();
          await onPaused();
        }}
      />
    </Dialog>
  );
}
