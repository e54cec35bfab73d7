import { startOfDay } from "date-fns";
import { useEffect, useState } from "react";

/**
 * Today's local date, known only after hydration (null during the server render and the first browser
 * render), so nothing that depends on the clock can make the two renders differ.
 */
export function useToday(): Date | null {
  const [today, setToday] = useState<Date | null>(null);
  useEffect(() => {
    const update = () =>
      setToday((current) => {
        const now = startOfDay(new Date());
        return current?.getTime() === now.getTime() ? current : now;
      });
    update();
    // A tab left open overnight moves on to the new day.
    const timer = setInterval(update, 60_000);
    return () => clearInterval(timer);
  }, []);
  return today;
}
