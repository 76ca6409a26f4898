import Foundation
import StarscopeCLI

exit(await Starscope.run(arguments: Array(CommandLine.arguments.dropFirst())))
