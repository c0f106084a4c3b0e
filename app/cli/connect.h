// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "connectionspec.h"
#include "result.h"
#include "session.h"

#include <memory>

namespace cli {

struct CommonSettings;

// Parses the URL of the settings (an invalid or missing URL is a usage error).
lockcore::Result<lockcore::ConnectionSpec> connectionSpec(const CommonSettings &settings);

// Opens a session. The password comes from the URL, else $LOCKSCOPE_PASSWORD, else, only when
// the server refused the login, stdin is a terminal and --no-prompt was not given, a prompt.
lockcore::Result<std::unique_ptr<lockcore::Session>> openSession(lockcore::ConnectionSpec spec,
                                                                 const CommonSettings &settings);

} // namespace cli
