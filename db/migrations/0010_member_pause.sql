ALTER TABLE `users` ADD `pause_resumes_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `member_paused_at` integer;