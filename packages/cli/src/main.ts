process.stdout.write('tafl: usage to come\n');
