<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// php stuck.php [SECONDS]: a scheduled task with ->withoutOverlapping() takes its mutex as a
// cache lock (the name Laravel's scheduler gives it, for expiresAt's 1440 minutes, or SECONDS)
// and then waits, to be killed with SIGKILL by the test: the stuck state, where the task never
// runs again until the lock expires. Prints the held lock as one JSON line.

declare(strict_types=1);
require __DIR__ . '/bootstrap.php';

use Illuminate\Console\Scheduling\CacheEventMutex;
use Illuminate\Console\Scheduling\Event;
use Illuminate\Support\Facades\Cache;

$app = lockscope_laravel();
$event = (new Event(new CacheEventMutex($app['cache']), 'php artisan report:nightly'))
    ->withoutOverlapping();
$seconds = isset($argv[1]) ? (int) $argv[1] : $event->expiresAt * 60;
$lock = Cache::lock($event->mutexName(), $seconds);
if (!$lock->get()) {
    lockscope_say(['acquired' => false]);
    exit(1);
}
lockscope_say_held($lock, $event->mutexName());
// The task "runs" until the test kills it.
while (true) {
    sleep(60);
}
