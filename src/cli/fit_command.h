#pragma once
namespace cli {
/// contactlab fit SCENE --data FILE --map ... --vary ...: argv as main() got
/// it. Returns the exit code.
int fit_command(int argc, char** argv);
}  // namespace cli
