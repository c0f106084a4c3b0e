// SPDX-License-Identifier: GPL-3.0-or-later
// Quartz's connections straight from the JDBC driver, a new one for each of Quartz's
// transactions (Debian's c3p0 is older than the one Quartz 2.3's default pool needs).

import java.sql.Connection;
import java.sql.SQLException;
import org.quartz.utils.ConnectionProvider;

public class DriverManagerProvider implements ConnectionProvider {
    @Override
    public Connection getConnection() throws SQLException {
        try {
            return QuartzNode.connect();
        } catch (SQLException e) {
            throw e;
        } catch (Exception e) {
            throw new SQLException(e);
        }
    }

    @Override
    public void shutdown() {}

    @Override
    public void initialize() {}
}
