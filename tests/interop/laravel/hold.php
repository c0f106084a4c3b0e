<?php
// SPDX-License-Identifier: GPL-3.0-or-later
// php hold.php NAME [SECONDS]: holds the lock NAME legitimately (Cache::lock(NAME, SECONDS)->
// get()) until a line or end of file on stdin, then releases it with Laravel's own release
// (owner-checked DELETE). Prints the held lock, then {"released": true|false}.

declare(strict_types=1);
require __DIR__ . '/bootstrap.php';

use Illuminate\Support\Facades\Cache;

lockscope_laravel();
$name = $argv[1];
$lock = Cache::lock($name, (int) ($argv[2] ?? 60));
if (!$lock->get()) {
    lockscope_say(['acquired' => false]);
    exit(1);
}
lockscope_say_held($lock, $name);
fgets(STDIN);
lockscope_say(['released' => $lock->release()]);
