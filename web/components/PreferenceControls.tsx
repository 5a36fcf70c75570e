import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';

/** The theme toggle and language switch, shown together on every layout that has chrome. */
export function PreferenceControls({ className = '' }: { className?: string }) {
  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      <ThemeToggle />
      <LanguageSwitch />
    </div>
  );
}
