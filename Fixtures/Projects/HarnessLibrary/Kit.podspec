Pod::Spec.new do |s|
  s.name = 'Kit'
  s.source_files = 'ios/Kit/Kit/*.swift'
end
