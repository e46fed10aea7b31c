import FleetCLI
import Foundation

exit(FleetCLI.run(CommandLine.arguments))
